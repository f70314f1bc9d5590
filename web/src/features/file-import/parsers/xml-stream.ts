import type { SaxesParser } from 'saxes';
import { FileImportError, throwIfCancelled } from './errors';

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

/**
 * Feeds text chunks to a saxes parser whose handlers do the work, then closes it: an error while reading is a malformed
 * file, one at the end (everything so far was well-formed) a file cut short. `whatItIsNot` ends the too-long message.
 */
export async function pumpXml(
  parser: SaxesParser,
  texts: AsyncIterable<string>,
  options: { signal?: AbortSignal; stretch: XmlStretch; whatItIsNot: string },
): Promise<void> {
  let sawText = false;
  for await (const chunk of texts) {
    throwIfCancelled(options.signal);
    if (!sawText && chunk.trim() !== '') sawText = true;
    options.stretch.chars += chunk.length;
    feed(() => parser.write(chunk), 'malformed');
    if (options.stretch.chars > MAX_XML_STRETCH_CHARS) {
      throw new FileImportError(
        'too_large',
        `The file has more than ${MAX_XML_STRETCH_CHARS} characters without a tag: it is not ${options.whatItIsNot}.`,
      );
    }
  }
  throwIfCancelled(options.signal);
  if (!sawText) throw new FileImportError('empty', 'The file is empty.');
  feed(() => parser.close(), 'truncated');
}
