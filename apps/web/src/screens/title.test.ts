import { describe, expect, it } from 'vitest';
import { tabTitle } from './title';

describe('the tab title', () => {
  it('names the screen before the app', () => {
    expect(tabTitle('Rechnungen')).toBe('Rechnungen · Invoice Reader');
    expect(tabTitle('')).toBe('Invoice Reader');
  });
});
