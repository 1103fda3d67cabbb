export { FavoriteButton } from './favorite-button.tsx';
export { FavoritesNav } from './favorites-nav.tsx';
