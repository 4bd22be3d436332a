/**
 * Block timestamps (microseconds since the epoch, as the API sends them) as text: one format for
 * every view (status bar, time travel, gas block details).
 */

/** A block timestamp in microseconds as an ISO-like UTC time (seconds precision). */
export function formatUsec(usec: string | bigint): string {
  const millis = Number(BigInt(usec) / 1000n);
  if (!Number.isFinite(millis)) return String(usec);
  return `${new Date(millis)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '')} UTC`;
}
