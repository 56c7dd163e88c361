/** The scale project of the benchmarks (issue 6): 2,000 intents of 20 templates each, 40,000 templates. */
export const INTENTS = 2000;
export const TEMPLATES_PER_INTENT = 20;

const words = (
  'ahoj dobry den chci objednat pizzu počasí zítra déšť slunce červený modrý autobus vlak letadlo lístek cena ' +
  'kolik stojí kde je nejbližší pobočka otevírací doba reklamace vrácení zboží platba kartou hotově faktura adresa ' +
  'změna heslo účet přihlášení odhlásit zrušit objednávku doprava zdarma sleva kupón dárek narozeniny hello weather ' +
  'order pizza delivery ticket train bus price open hours refund invoice address password account cancel discount'
).split(' ');

/** Deterministic pseudo-random text, so every run seeds the same project: the CSV of PUT /intents/import. */
export function generateCsv(): string {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const lines = ['intent,template'];
  for (let i = 0; i < INTENTS; i++) {
    const used = new Set<string>();
    while (used.size < TEMPLATES_PER_INTENT) {
      const length = 3 + Math.floor(random() * 6);
      const text = Array.from({ length }, () => words[Math.floor(random() * words.length)]).join(' ');
      used.add(`${text} ${i}-${used.size}`);
    }
    for (const template of used) lines.push(`intent_${String(i).padStart(4, '0')},${template}`);
  }
  return `${lines.join('\n')}\n`;
}
