import type { SaxesParser } from 'saxes';
import { FileImportError, throwIfCancelled } from './errors';
import { ElementSkipper, type SkipRule } from './xml-skip';

/**
 * The longest stretch of XML with no tag in it that is read before giving up: a real element is tiny, and a file that
 * is one endless line or text node would otherwise be buffered whole.
 */
export const MAX_XML_STRETCH_CHARS = 1024 * 1024;

/** Characters fed since the parser last reported an event; the caller's handlers reset it. */
export interface XmlStretch {
  chars: number;
}

function feed(step: () => void, failure: 'malformed' | 'truncated'): void {
  try {
    step();
  } catch (error) {
    if (error instanceof FileImportError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new FileImportError(
      failure,
      failure === 'truncated'
        ? `The file ends in the middle of its contents (${detail}).`
        : `The file is not well-formed XML (${detail}).`,
    );
  }
}

/** Elements in the root `root` the parser need not see; `rootOpen` (from the caller's handler) says the root is open. */
export interface XmlSkipping {
  root: string;
  rule: SkipRule;
  rootOpen: () => boolean;
}

const tooLong = (whatItIsNot: string) =>
  new FileImportError(
    'too_large',
    `The file has more than ${MAX_XML_STRETCH_CHARS} characters without a tag: it is not ${whatItIsNot}.`,
  );

/**
 * Feeds text chunks to a saxes parser whose handlers do the work, then closes it: an error while reading is a malformed
 * file, one at the end (everything so far was well-formed) a file cut short. `whatItIsNot` ends the too-long message.
 * With `skipping`, the elements it names inside the root are passed over unread (see ElementSkipper).
 */
export async function pumpXml(
  parser: SaxesParser,
  texts: AsyncIterable<string>,
  options: { signal?: AbortSignal; stretch: XmlStretch; whatItIsNot: string; skipping?: XmlSkipping },
): Promise<void> {
  const { stretch, skipping } = options;
  let skipper = skipping ? new ElementSkipper(skipping.root, skipping.rule) : null;
  let sawText = false;
  const write = (text: string) => {
    stretch.chars += text.length;
    feed(() => parser.write(text), 'malformed');
  };
  for await (const chunk of texts) {
    throwIfCancelled(options.signal);
    if (!sawText && chunk.trim() !== '') sawText = true;
    let rest = chunk;
    // Before the root is open the parser reads everything (declaration, DOCTYPE), a tag at a time: the skipper starts
    // exactly after the root's start tag.
    while (skipper && rest !== '' && !skipping!.rootOpen()) {
      const upTo = rest.indexOf('>') + 1 || rest.length;
      const piece = rest.slice(0, upTo);
      write(piece);
      rest = rest.slice(upTo);
      // A root written as one empty tag has no content to pass over: the parser checks what follows it.
      if (skipping!.rootOpen() && piece.endsWith('/>')) skipper = null;
    }
    if (skipper && rest !== '') {
      const { kept, skipped } = skipper.next(rest);
      if (skipped) stretch.chars = 0;
      if (skipper.held > MAX_XML_STRETCH_CHARS) throw tooLong(options.whatItIsNot);
      rest = kept;
    }
    if (rest !== '') write(rest);
    if (stretch.chars > MAX_XML_STRETCH_CHARS) throw tooLong(options.whatItIsNot);
  }
  throwIfCancelled(options.signal);
  if (!sawText) throw new FileImportError('empty', 'The file is empty.');
  if (skipper) write(skipper.rest());
  feed(() => parser.close(), 'truncated');
}
