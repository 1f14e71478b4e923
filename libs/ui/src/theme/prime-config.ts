import type { APIOptions } from 'primereact/api';
import type { MultiSelectPassThroughOptions } from 'primereact/multiselect';

/** A disabled select says so on its wrapper, so that its shown value counts as the text of an inactive control. */
const disabledWrapper = (options: { props: { disabled?: boolean } }) => ({
  'aria-disabled': options.props.disabled ? true : undefined,
});

/** A disabled option of a dropdown's list says so (PrimeReact only dims it). */
const disabledOption = (options: { context?: { disabled?: boolean } }) => ({
  'aria-disabled': options.context?.disabled ? true : undefined,
});

/**
 * PrimeReact settings of every app (its provider's value). The pass-through options fix markup that assistive
 * technology trips on: a switch and a table's row checkbox are each one control (no role around the input), a
 * dropdown's hidden native select (a form helper) and its arrow (the combobox itself takes the keyboard) are left
 * out of the accessibility tree, and a disabled dropdown or multi-select marks its wrapper disabled (PrimeReact
 * only disables the hidden input, so the dimmed value would otherwise read as active text), as a disabled option
 * of a dropdown's list does. A calendar's day is named by its cell (a grid cell with the date as its label); the
 * selection state PrimeReact puts on the day's inner span is not allowed there (a span has no role that takes it),
 * and the selected day is announced by the calendar's own live region.
 */
export const primeReactConfig: Partial<APIOptions> = {
  pt: {
    inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
    dropdown: {
      // The root is no widget: the active option is announced by the focused input, not by its wrapper.
      root: (options: { props: { disabled?: boolean } }) => ({
        'aria-activedescendant': undefined,
        ...disabledWrapper(options),
      }),
      select: { 'aria-hidden': true },
      trigger: { 'aria-hidden': true, role: undefined },
      item: disabledOption,
    },
    multiselect: { root: disabledWrapper },
    checkbox: { root: { role: undefined } },
    calendar: { dayLabel: { 'aria-selected': undefined } },
  } as APIOptions['pt'],
};

/**
 * Pass-through options of a multi-select's panel, named by the caller (its select-all label is a text of the screen).
 * Each option is one control (role option, `aria-selected`): the checkbox PrimeReact draws in it is a picture of that
 * state, so its native input is left out (it was a second, unlabelled control nested in the option). The select-all
 * checkbox is a native checkbox named by `selectAllLabel`; the state PrimeReact also puts on its wrapper (a plain
 * div, where `aria-checked` is not allowed) is dropped.
 */
export const accessibleMultiSelect = (selectAllLabel: string): MultiSelectPassThroughOptions => ({
  checkbox: { input: { hidden: true } },
  headerCheckbox: {
    root: { 'aria-checked': undefined, role: undefined } as object,
    input: { 'aria-label': selectAllLabel },
  },
});
