import { useId, useRef, useState, type DragEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { ACCEPTED_FILES } from '../utils/batches';

/**
 * Where files are chosen: a button opening the file picker (the keyboard's way, and the phone's), and on a desktop the
 * whole area also takes files dropped on it.
 */
export function FileDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };

  return (
    // The drop target is a mouse shortcut; the button inside is the keyboard's way to the same files.
    <div
      onDragEnter={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      data-testid="file-drop-zone"
      className={`flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors ${
        over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-10 text-brand-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
      </svg>
      <button
        type="button"
        onClick={() => input.current?.click()}
        className={buttonStyles.primary}
        aria-describedby={hintId}
      >
        Choose files
      </button>
      <p id={hintId} className="max-w-md text-sm text-slate-600">
        <span className="hidden sm:inline">or drop them here. </span>
        GPX, TCX and FIT files (also .gz), Apple Health’s export.xml or export.zip, and the .zip exports from Strava and
        Garmin. Choose as many as you like.
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        className="sr-only"
        tabIndex={-1}
        aria-label="Activity files"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file can be chosen again (after a cancel, or to send what a failure left).
          event.target.value = '';
        }}
      />
    </div>
  );
}
