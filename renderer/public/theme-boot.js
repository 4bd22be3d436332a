/* global window, document -- a browser script */
/*
 * The theme the user chose (renderer/features/frame/use-theme.ts keeps it in localStorage), set on <html> before the
 * page is painted. index.html loads this as a blocking classic script in its head (the CSP allows same-origin script
 * files, never inline ones): a page the server rendered paints before the app's modules run, and would otherwise show
 * the system theme first.
 */
try {
  var theme = window.localStorage.getItem('ledger-explorer.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
} catch {
  // storage disabled: the system theme
}
