/** The drag-and-drop payload of track rows: a JSON list of track ids. */
export const TRACKS_DRAG_TYPE = 'application/x-backbeat-tracks';

/** Also set when a row of a reorderable list is dragged: its index in that list. */
export const TRACK_ROW_DRAG_TYPE = 'application/x-backbeat-row';

/** The track ids a drop carries, or null when it is not tracks. */
export function draggedTrackIds(data: DataTransfer): number[] | null {
  const raw = data.getData(TRACKS_DRAG_TYPE);
  if (!raw) return null;
  try {
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids) && ids.every((id) => Number.isInteger(id)) ? (ids as number[]) : null;
  } catch {
    return null;
  }
}
