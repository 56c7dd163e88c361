/** Netstrings (`<length>:<bytes>,`), the framing of baresip's ctrl_tcp module. */

export function encodeNetstring(payload: string): Buffer {
  const body = Buffer.from(payload, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length}:`, 'latin1'), body, Buffer.from(',', 'latin1')]);
}

/** Collects bytes from a stream and hands out each complete netstring's payload. */
export class NetstringReader {
  private pending = Buffer.alloc(0);

  /** Appends bytes; returns the payloads completed by them. Throws on bytes that are not netstrings. */
  push(chunk: Buffer): string[] {
    this.pending = Buffer.concat([this.pending, chunk]);
    const out: string[] = [];
    for (;;) {
      const colon = this.pending.indexOf(0x3a);
      if (colon < 0) {
        if (this.pending.length > 10) throw new Error('Not a netstring: no length prefix.');
        return out;
      }
      const lengthText = this.pending.subarray(0, colon).toString('latin1');
      if (!/^\d{1,9}$/.test(lengthText)) throw new Error(`Not a netstring: bad length "${lengthText.slice(0, 12)}".`);
      const length = Number(lengthText);
      const end = colon + 1 + length;
      if (this.pending.length < end + 1) return out;
      if (this.pending[end] !== 0x2c) throw new Error('Not a netstring: missing the closing comma.');
      out.push(this.pending.subarray(colon + 1, end).toString('utf8'));
      this.pending = this.pending.subarray(end + 1);
    }
  }
}
