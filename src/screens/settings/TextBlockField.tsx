import { Textarea } from '@mantine/core';
import { useState } from 'react';

/**
 * A multi-line field whose text is parsed into a value (JSON, correction lines). The half-typed text is the
 * view's own business; only a parsed value goes to the machine, so an unfinished line never reaches the draft.
 */
export function TextBlockField<T>(props: {
  label: string;
  description?: string;
  value: T;
  format: (value: T) => string;
  parse: (text: string) => { value: T } | { error: string };
  onChange: (value: T) => void;
  error?: string;
  disabled?: boolean;
  minRows?: number;
}) {
  const { label, description, value, format, parse, onChange, error, disabled, minRows = 3 } = props;
  const [text, setText] = useState<string | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const shown = text ?? format(value);
  return (
    <Textarea
      label={label}
      description={description}
      value={shown}
      rows={minRows}
      resize="vertical"
      disabled={disabled}
      error={parseError ?? error}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const parsed = parse(next);
        if ('error' in parsed) setParseError(parsed.error);
        else {
          setParseError(null);
          onChange(parsed.value);
        }
      }}
      onBlur={() => {
        if (!parseError) setText(null);
      }}
    />
  );
}

export const jsonObjectText = {
  format: (value: Record<string, unknown>) => (Object.keys(value).length ? JSON.stringify(value, null, 2) : ''),
  parse: (text: string): { value: Record<string, unknown> } | { error: string } => {
    if (text.trim() === '') return { value: {} };
    try {
      const value: unknown = JSON.parse(text);
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return { error: 'Must be a JSON object, e.g. {"key": "value"}.' };
      return { value: value as Record<string, unknown> };
    } catch {
      return { error: 'Not valid JSON yet.' };
    }
  },
};

/** Speech-to-text corrections, one per line: `heard => meant`. */
export const correctionLines = {
  format: (value: Array<{ from: string; to: string }>) => value.map((c) => `${c.from} => ${c.to}`).join('\n'),
  parse: (text: string): { value: Array<{ from: string; to: string }> } | { error: string } => {
    const value: Array<{ from: string; to: string }> = [];
    for (const [i, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      const [from, ...rest] = line.split('=>');
      if (rest.length === 0) return { error: `Line ${i + 1}: write it as "heard => meant".` };
      value.push({ from: from!.trim(), to: rest.join('=>').trim() });
    }
    return { value };
  },
};
