import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectSessionStatus, useAppSelector } from '@teaminbox/web-store';

/** When a session ends (logout, or a failed check of the stored token), the user goes to the root path. */
export function SessionRedirect() {
  const status = useAppSelector(selectSessionStatus);
  const navigate = useNavigate();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current !== 'anonymous' && status === 'anonymous') navigate('/', { replace: true });
    previous.current = status;
  }, [status, navigate]);
  return null;
}
