/** What other features may use of store (DESIGN.md section 1a). */
export { CreateItemForm } from './admin/CreateItemForm';
export { ItemManagement } from './admin/ItemManagement';
export { ActiveBuffs } from './components/ActiveBuffs';
export { BadgeShelf } from './components/BadgeShelf';
export { CosmeticMark } from './components/CosmeticMark';
export { UsableInventory } from './components/UsableInventory';
export { storeKeys, useStoreUser } from './queries';
