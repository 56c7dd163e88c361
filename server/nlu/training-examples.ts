import { expandTemplate, templateReferenceMaps } from './expand-templates.ts';
import type { ExpandedTemplate } from './expand-templates.ts';
import type { IntentRef, TrainingData } from './types.ts';

export interface TrainingExamples {
  /** Intents that have at least one template, in class order. */
  intents: IntentRef[];
  texts: string[];
  labels: Int32Array;
}

/** The concrete sentences of one template (its first expansion is the template "as written"). */
export type TemplateExpander = (template: string) => ExpandedTemplate[];

export function templateExpander(data: TrainingData, maxExpansions = 50): TemplateExpander {
  const { synonyms, entities } = templateReferenceMaps(data.synonyms, data.entities);
  return (template) => expandTemplate(template, synonyms, entities, { maxExpansions });
}

/** Expands every template of every intent; identical sentences under one intent count once. */
export function trainingExamples(
  data: TrainingData,
  expand: TemplateExpander = templateExpander(data),
  include: (intentIndex: number, templateIndex: number) => boolean = () => true,
): TrainingExamples {
  const intents: IntentRef[] = [];
  const texts: string[] = [];
  const labels: number[] = [];
  data.intents.forEach((intent, intentIndex) => {
    const seen = new Set<string>();
    const label = intents.length;
    intent.templates.forEach((template, templateIndex) => {
      if (!include(intentIndex, templateIndex) || !template.trim()) return;
      for (const { text } of expand(template)) {
        if (seen.has(text)) continue;
        seen.add(text);
        texts.push(text);
        labels.push(label);
      }
    });
    if (seen.size > 0) intents.push({ id: intent.id, name: intent.name });
  });
  return { intents, texts, labels: Int32Array.from(labels) };
}
