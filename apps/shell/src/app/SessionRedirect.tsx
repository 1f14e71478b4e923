import { useEffect, useRef } from 'react';
import { selectSessionStatus, useAppSelector } from '@teaminbox/web-store';
import { useNavigate } from '@teaminbox/ui';

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
