export interface PickedFile {
  file: File;
  /** The path inside a dropped or chosen folder, with the folder's name first. */
  relativePath: string | null;
}

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** A directory reader answers in batches (100 in Chromium) until it answers none. */
async function childrenOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (!batch.length) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await fileOf(entry as FileSystemFileEntry);
    const path = entry.fullPath.replace(/^\/+/, '');
    into.push({ file, relativePath: path.includes('/') ? path : null });
    return;
  }
  if (entry.isDirectory) {
    for (const child of await childrenOf(entry as FileSystemDirectoryEntry)) {
      await walk(child, into);
    }
  }
}

/** The files of a drop, walking into dropped folders so each file keeps its folder path. */
export async function filesOfDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is FileSystemEntry => !!entry);
  if (!entries.length) {
    return Array.from(data.files, (file) => ({ file, relativePath: null }));
  }
  const picked: PickedFile[] = [];
  for (const entry of entries) await walk(entry, picked);
  return picked;
}

/** Files from an `<input type="file">`; a folder pick carries `webkitRelativePath`. */
export function filesOfInput(list: FileList | null): PickedFile[] {
  return Array.from(list ?? [], (file) => ({
    file,
    relativePath: file.webkitRelativePath || null,
  }));
}
