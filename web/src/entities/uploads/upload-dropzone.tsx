import clsx from 'clsx';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { filesOfDrop, filesOfInput, type PickedFile } from './dropped-files.ts';

/** `audio/*` and `.mp3` stay as they are; a bare extension gets its dot. */
const inputAccept = (type: string) =>
  type.includes('/') || type.startsWith('.') ? type : `.${type}`;

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Where files arrive: dropped (files and whole folders) or picked with "Choose files" and
 * "Choose folder". The buttons are the keyboard's way in; the drop area is a bonus for a
 * pointer.
 */
export function UploadDropzone({
  accept,
  onFiles,
}: {
  accept?: string[];
  onFiles: (files: PickedFile[]) => void;
}) {
  const trans = useTrans();
  const hintId = useId();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    setReading(true);
    // Entries must be taken during the event; reading folders goes on after it.
    filesOfDrop(event.dataTransfer)
      .then((files) => files.length && onFiles(files))
      .finally(() => setReading(false));
  };

  const picked = (input: HTMLInputElement) => {
    const files = filesOfInput(input.files);
    input.value = '';
    if (files.length) onFiles(files);
  };

  return (
    <div
      data-testid="upload-dropzone"
      onDragEnter={(event) => hasFiles(event) && setDragging(true)}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      aria-describedby={hintId}
      aria-busy={reading}
      className={clsx(
        'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:px-8',
        dragging ? 'border-primary bg-primary/10' : 'border-border bg-bg-alt',
      )}
    >
      <Icon name="upload" size={40} className={dragging ? 'text-primary' : 'text-fg-muted'} />
      <p className="text-base font-semibold text-fg">
        {dragging ? trans('Drop to upload') : trans('Drag and drop files or folders here')}
      </p>
      <p id={hintId} className="text-sm text-fg-muted">
        {accept?.length
          ? trans('Accepted types: :types', { types: accept.join(', ') })
          : trans('Or choose them from your device.')}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="sm" onClick={() => filesInput.current?.click()}>
          <Icon name="add" size={18} />
          {trans('Choose files')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => folderInput.current?.click()}>
          <Icon name="folder" size={18} />
          {trans('Choose folder')}
        </Button>
      </div>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        accept={accept?.map(inputAccept).join(',')}
        data-testid="upload-files-input"
        onChange={(event) => picked(event.currentTarget)}
      />
      <input
        ref={(element) => {
          folderInput.current = element;
          // React has no prop for it; a folder pick gives every file its path.
          element?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        data-testid="upload-folder-input"
        onChange={(event) => picked(event.currentTarget)}
      />
    </div>
  );
}
