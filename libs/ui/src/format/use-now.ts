import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (30 s by default) while the component is shown: relative times move on. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
