/**
 * What the browser needs to know of the lead export the server writes (contracts/early-access/lead-export.ts):
 * how many leads a downloaded file holds, for the 'Export successful!' toast. The server quotes every field
 * holding a CR or an LF, so a CRLF outside quotes always ends a record.
 */

/** The leads in an export: its CRLF-ended records, less the header. */
export function exportedLeadCount(csv: string): number {
  let records = 0;
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const char = csv[i];
    if (char === '"') quoted = !quoted;
    else if (char === '\r' && !quoted && csv[i + 1] === '\n') {
      records++;
      i++;
    }
  }
  return Math.max(0, records - 1);
}
