import { describe, expect, it } from 'vitest';
import { spokenButtonNumber } from '../../server/features/campaigns/spoken-number.ts';

describe('a button number said instead of keyed', () => {
  it('reads a digit or its word, alone or after a lead word, in English and Czech', () => {
    expect(spokenButtonNumber('2')).toBe('2');
    expect(spokenButtonNumber('two')).toBe('2');
    expect(spokenButtonNumber('option two')).toBe('2');
    expect(spokenButtonNumber('number 9')).toBe('9');
    expect(spokenButtonNumber('press one')).toBe('1');
    expect(spokenButtonNumber('číslo dvě')).toBe('2');
    expect(spokenButtonNumber('volba jedna')).toBe('1');
    expect(spokenButtonNumber('devítka')).toBe('9');
  });

  it('names none in anything else', () => {
    expect(spokenButtonNumber('')).toBeNull();
    expect(spokenButtonNumber('0')).toBeNull();
    expect(spokenButtonNumber('10')).toBeNull();
    expect(spokenButtonNumber('ten')).toBeNull();
    expect(spokenButtonNumber('two pizzas')).toBeNull();
    expect(spokenButtonNumber('i want option two please')).toBeNull();
    expect(spokenButtonNumber('option')).toBeNull();
    expect(spokenButtonNumber('opening hours')).toBeNull();
  });
});
