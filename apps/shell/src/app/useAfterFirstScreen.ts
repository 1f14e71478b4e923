import { useEffect, useState } from 'react';
import { afterFirstScreen } from '@teaminbox/api-client';

/** False until the page's first screen is shown (see afterFirstScreen): parts that can wait render after it. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void afterFirstScreen().then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return ready;
}
