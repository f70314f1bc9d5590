import { afterEach, describe, expect, it } from 'vitest';
import { showStartFailure, START_FAILURE_MESSAGE } from '@/app/start-failure';

afterEach(() => document.body.replaceChildren());

describe('showStartFailure', () => {
  it('replaces the layout shell’s loading page frame with the message, keeping header and footer', () => {
    document.body.innerHTML =
      '<div id="root" data-shell=""><header>TrailBuddy</header><main><div role="status">Loading</div></main><footer>©</footer></div>';
    showStartFailure(document);
    expect(document.querySelector('main [role="alert"]')).toHaveTextContent(START_FAILURE_MESSAGE);
    expect(document.querySelector('[role="status"]')).toBeNull();
    expect(document.querySelector('header')).toHaveTextContent('TrailBuddy');
    expect(document.querySelector('footer')).not.toBeNull();
  });

  it('leaves a prerendered page as it is: it stays readable without the app', () => {
    document.body.innerHTML = '<div id="root" data-prerendered=""><main><h1>Welcome Back</h1></main></div>';
    showStartFailure(document);
    expect(document.querySelector('h1')).toHaveTextContent('Welcome Back');
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
