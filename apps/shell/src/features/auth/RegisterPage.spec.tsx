import { fireEvent, screen } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import { RegisterPage } from './RegisterPage';

beforeEach(() => localStorage.clear());

function fill(email: string, password: string) {
  fireEvent.change(screen.getByTestId('register-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('register-password'), { target: { value: password } });
}

describe('the Register screen', () => {
  it('shows the spec texts and links', () => {
    renderScreen('/register', <RegisterPage />);
    expect(screen.getByRole('heading', { name: "Let's make an account!" })).toBeInTheDocument();
    const terms = screen.getByRole('link', { name: 'Terms and Conditions' });
    expect(terms).toHaveAttribute('href', '/termsAndConditions');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('keeps Create Account disabled until the email is valid and the password has 6 characters', () => {
    renderScreen('/register', <RegisterPage />);
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();
    fill('someone@example.test', '12345');
    expect(submit).toBeDisabled();
    fill('someone@example.test', '123456');
    expect(submit).toBeEnabled();
    fill('not-an-email', '123456');
    expect(submit).toBeDisabled();
    fill('', '123456');
    expect(submit).toBeDisabled();
  });

  it('shows the success view with Go to Login', async () => {
    const calls = fakeFetch({ 'POST /api/register': [201, { success: true, message: 'Registered' }] });
    renderScreen('/register', <RegisterPage />, { '/login': 'the login screen' });
    fill('someone@example.test', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account Created Successfully!')).toBeInTheDocument();
    expect(JSON.parse(calls[0].body!)).toEqual({ email: 'someone@example.test', password: 'secret1' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByText('the login screen')).toBeInTheDocument();
  });

  it('shows the response message as an error otherwise', async () => {
    fakeFetch({
      'POST /api/register': [409, { success: false, message: 'An account with this email already exists.' }],
    });
    renderScreen('/register', <RegisterPage />);
    fill('someone@example.test', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.queryByText('Account Created Successfully!')).not.toBeInTheDocument();
  });
});
