/** docs/product.md §2 Navigation: '/' is active only on exactly '/', every other item by path prefix. */
export function isNavActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') return currentPath === '/';
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}

/** Only paths inside the app are followed (notification links); anything else goes home. */
export function appPath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/';
}
