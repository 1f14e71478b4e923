import type { APIOptions } from 'primereact/api';

/**
 * PrimeReact settings of every app (its provider's value). The pass-through options fix markup that assistive
 * technology trips on: a switch and a table's row checkbox are each one control (no role around the input), and
 * a dropdown's hidden native select (a form helper) and its arrow (the combobox itself takes the keyboard) are
 * left out of the accessibility tree.
 */
export const primeReactConfig: Partial<APIOptions> = {
  pt: {
    inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
    dropdown: {
      // The root is no widget: the active option is announced by the focused input, not by its wrapper.
      root: { 'aria-activedescendant': undefined },
      select: { 'aria-hidden': true },
      trigger: { 'aria-hidden': true, role: undefined },
    },
    checkbox: { root: { role: undefined } },
  } as APIOptions['pt'],
};
