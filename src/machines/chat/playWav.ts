/** Plays a WAV blob once and frees it afterwards (read-aloud). */
export function playWav(audio: Blob): void {
  if (typeof Audio === 'undefined') return;
  const url = URL.createObjectURL(audio);
  const player = new Audio(url);
  const free = () => URL.revokeObjectURL(url);
  player.addEventListener('ended', free, { once: true });
  player.addEventListener('error', free, { once: true });
  player.play().catch(free);
}
