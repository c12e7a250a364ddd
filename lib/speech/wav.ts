// Just enough RIFF/WAVE reading to name the sample rate, and to repair the sizes that a
// streaming writer (espeak-ng --stdout) leaves as placeholders.

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Byte offset of the sample data. */
  dataOffset: number;
}

export function isWav(audio: Buffer): boolean {
  return audio.length >= 12 && audio.toString("ascii", 0, 4) === "RIFF" && audio.toString("ascii", 8, 12) === "WAVE";
}

/** The format of a WAV file, or null when it is not one (or has no fmt/data chunk). */
export function readWav(audio: Buffer): WavInfo | null {
  if (!isWav(audio)) return null;
  let format: Omit<WavInfo, "dataOffset"> | null = null;
  let offset = 12;
  while (offset + 8 <= audio.length) {
    const id = audio.toString("ascii", offset, offset + 4);
    const size = audio.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt " && body + 16 <= audio.length) {
      format = {
        channels: audio.readUInt16LE(body + 2),
        sampleRate: audio.readUInt32LE(body + 4),
        bitsPerSample: audio.readUInt16LE(body + 14),
      };
    }
    // The data chunk's size may be a placeholder: whatever follows its header is the samples.
    if (id === "data") return format && format.sampleRate > 0 ? { ...format, dataOffset: body } : null;
    offset = body + size + (size % 2);
  }
  return null;
}

/** A copy whose RIFF and data sizes match the bytes actually present. */
export function withExactSizes(audio: Buffer): Buffer {
  const info = readWav(audio);
  if (!info) return audio;
  const fixed = Buffer.from(audio);
  fixed.writeUInt32LE(fixed.length - 8, 4);
  fixed.writeUInt32LE(fixed.length - info.dataOffset, info.dataOffset - 4);
  return fixed;
}
