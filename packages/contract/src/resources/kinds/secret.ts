/**
 * `secret`: a credential (provider key, password): encrypted at rest, answered masked, never
 * written to files, never filtered or searched; the form starts empty and an empty value keeps
 * the stored one.
 */
import { textual } from './base.ts';

export const secretKind = textual({
  exported: false,
  toForm: () => '',
  blankKeeps: true,
  requiredMark: false,
});
