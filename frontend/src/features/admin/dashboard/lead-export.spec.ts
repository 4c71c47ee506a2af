import { describe, expect, it } from 'vitest';
import { exportedLeadCount } from './lead-export';

const HEADER = 'Email,Source Page,Date\r\n';

describe('exportedLeadCount', () => {
  it('counts the records after the header', () => {
    expect(exportedLeadCount(HEADER)).toBe(0);
    expect(exportedLeadCount(`${HEADER}ada@example.com,/c/finance,2026-11-20 09:30:05\r\nbob@example.com,,2026-01-02 00:00:00\r\n`)).toBe(
      2,
    );
  });

  it('does not count line breaks inside quoted fields, whatever their quotes', () => {
    const csv =
      `${HEADER}a@b.co,"'\r=1+1",2026-11-20 09:30:05\r\n` +
      `b@b.co,"\n",2026-11-20 09:30:05\r\n` +
      `c@b.co,"say ""hi""\r\nthere",2026-11-20 09:30:05\r\n` +
      `d@b.co,"=odd,""1""\r\n",2026-11-20 09:30:05\r\n`;
    expect(exportedLeadCount(csv)).toBe(4);
  });

  it('reads nothing as no leads', () => {
    expect(exportedLeadCount('')).toBe(0);
  });
});
