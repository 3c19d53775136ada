/**
 * react-toastify's container, loaded right after the first paint (outside the login route's
 * budget, bench/budget.mjs). Once mounted it hands toastify's `toast` to the sink (src/toastSink.ts),
 * which draws what was asked for meanwhile.
 */
import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

export type ShowToast = typeof toast;

export function Toasts({
  rtl,
  theme,
  onReady,
}: {
  rtl: boolean;
  theme: 'light' | 'dark';
  onReady: (show: ShowToast) => void;
}) {
  useEffect(() => onReady(toast), [onReady]);
  return <ToastContainer position="bottom-center" rtl={rtl} newestOnTop theme={theme} />;
}
