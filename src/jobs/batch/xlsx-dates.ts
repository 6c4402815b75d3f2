// A date cell's serial number as ISO 8601 text, by the workbook's date system (ECMA-376 Part 1,
// 18.17.4.1). In the 1900 system serial 1 is 1900-01-01 and serial 60 is 1900-02-29, a day that
// never was (Lotus 1-2-3's leap-year bug, kept by Excel): from serial 61 (1900-03-01) on, day n is
// 1899-12-30 plus n days; below 61, one day later than that. In the 1904 system serial 0 is
// 1904-01-01, with no such day. In the 1900 system a serial below 1 is a time of day alone.
const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function timeText(ms: number): string {
  const [h, m, s, rest] = [Math.floor(ms / 3_600_000), Math.floor(ms / 60_000) % 60, Math.floor(ms / 1000) % 60, ms % 1000];
  return `${pad(h)}:${pad(m)}:${pad(s)}${rest ? `.${pad(rest, 3)}` : ''}`;
}

/** A date (2026-11-26), a date and time (2026-11-26T09:30:00), or a time (09:30:00); undefined for a serial no date has. */
export function serialDateText(serial: number, date1904: boolean): string | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2_958_466) return undefined; // past 9999-12-31
  const total = Math.round(serial * DAY_MS);
  const days = Math.floor(total / DAY_MS);
  const time = total - days * DAY_MS;
  const clock = timeText(time);
  if (days === 0 && !date1904) return clock;
  if (days === 60 && !date1904) return `1900-02-29${time ? `T${clock}` : ''}`;
  const at = new Date((date1904 ? EPOCH_1904 : EPOCH_1900) + (days + (!date1904 && days < 60 ? 1 : 0)) * DAY_MS);
  const day = `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  return time ? `${day}T${clock}` : day;
}
