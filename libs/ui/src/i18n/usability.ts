/**
 * Texts the spec does not give (its screens show no keyboard help, no not-found page inside the shell and no
 * collapsible menu): written for this product, in English and Czech. See docs/usability.md.
 */
export const usabilityEn = {
  notFound: {
    heading: 'Page not found',
    text: 'There is no page at {{path}}.',
    back: 'Back to the dashboard',
  },
  layout: {
    toggleMenu: 'Show or hide the menu',
    menu: 'Menu',
    closeMenu: 'Close the menu',
    userMenu: 'User menu',
    skipToContent: 'Skip to content',
  },
  shortcuts: {
    heading: 'Keyboard shortcuts',
    open: 'Show keyboard shortcuts',
    next: 'Next email',
    previous: 'Previous email',
    openEmail: 'Open the email',
    archive: 'Archive',
    spam: 'Mark as spam',
    assignToMe: 'Assign to me',
    label: 'Add a label',
    reply: 'Reply',
    search: 'Search',
    help: 'Show this list',
    close: 'Close',
  },
};
