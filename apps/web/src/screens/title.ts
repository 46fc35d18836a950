// The browser tab names the screen: "{screen} · Invoice Reader".
import { useEffect } from 'react';

export const APP_NAME = 'Invoice Reader';

export const tabTitle = (screen: string): string => (screen ? `${screen} · ${APP_NAME}` : APP_NAME);

export function setTabTitle(screen: string): void {
  document.title = tabTitle(screen);
}

/** Sets the tab's title while the screen is shown. */
export function useTitle(screen: string): void {
  useEffect(() => setTabTitle(screen), [screen]);
}
