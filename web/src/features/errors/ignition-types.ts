export interface TraceFrame {
  path: string[];
  lineNumber: number;
  method: string;
  flatIndex: number;
  codeSnippet: Record<string, string>;
  isVendor?: boolean;
}
export interface VendorGroup {
  vendorGroup: true;
  items: TraceFrame[];
}
export interface IgnitionBody {
  ignitionTrace: true;
  exception: string;
  message: string;
  trace: (TraceFrame | VendorGroup)[];
  totalVendorGroups: number;
}

export const isVendorGroup = (entry: TraceFrame | VendorGroup): entry is VendorGroup =>
  'vendorGroup' in entry;

/** The first frame of the app's own code is selected first (spec §8). */
export function firstAppFrame(trace: IgnitionBody['trace']): TraceFrame | undefined {
  for (const entry of trace) if (!isVendorGroup(entry)) return entry;
  const group = trace.find(isVendorGroup);
  return group?.items[0];
}
