import { messageParts } from '../utils/message-links';

/** Message text as text nodes, with http(s) links as anchors that open apart and pass nothing on (never innerHTML). */
export function MessageText({ text, linkClassName }: { text: string; linkClassName: string }) {
  return (
    <p className="whitespace-pre-wrap wrap-anywhere">
      {messageParts(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={`underline underline-offset-2 ${linkClassName}`}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
