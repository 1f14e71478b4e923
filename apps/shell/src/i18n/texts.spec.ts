import i18next from 'i18next';
import { initI18n, textKeys } from '@teaminbox/ui';
import { shellCs } from './cs';
import { shellEn } from './en';
import { SHELL_NS } from './texts';

describe('shell texts', () => {
  it('has the same keys in English and Czech', () => {
    expect(textKeys(shellCs)).toEqual(textKeys(shellEn));
  });

  it('is registered as its own namespace', () => {
    initI18n();
    expect(i18next.t('login.heading', { ns: SHELL_NS })).toBe('Welcome back!');
  });

  it('holds the spec texts verbatim in English', () => {
    const en = shellEn;
    expect(en.login).toMatchObject({
      heading: 'Welcome back!',
      intro: 'Enter your email address and password to access admin dashboard.',
      forgotPassword: 'Forgot password?',
      submit: 'Log In',
      resetHeading: 'Reset Password',
      resetIntro: 'We will send you a login link and then you can change your password.',
      sendResetLink: 'Send Reset Link',
      invalidEmail: 'Enter valid email address!',
      rememberPassword: 'Remember your password?',
      backToLogin: 'Back to login',
      checkInbox: 'Please check your inbox',
      clickLink: 'Simply click on the link in the email to log in.',
    });
    expect(en.register).toMatchObject({
      heading: "Let's make an account!",
      submit: 'Create Account',
      success: 'Account Created Successfully!',
      goToLogin: 'Go to Login',
    });
    expect(en.dashboard).toMatchObject({
      heading: 'Admin Dashboard',
      openInbox: 'Open Inbox',
      manageMembers: 'Manage Members',
    });
    expect(en.loginLink).toMatchObject({
      success: 'Successfully logged in',
      failed: 'Login failed',
      expired: 'Login link might be expired.',
    });
    expect(en.invitation).toEqual({
      loading: 'loading...',
      expired: 'Invitation has expired',
      login: 'Login to accept invitation',
      register: 'Register to accept invitation',
    });
    expect(en.errors.forbidden).toBe('Forbidden!');
    expect(en.nav.imapConfig).toBe('IMAP config');
  });

  it('keeps the spec Czech texts Czech in both languages', () => {
    for (const key of ['connected', 'disconnected'] as const) expect(shellCs.inbox[key]).toBe(shellEn.inbox[key]);
    for (const texts of [shellEn, shellCs]) {
      expect(texts.notifications.empty).toBe('Žádné notifikace');
    }
  });
});
