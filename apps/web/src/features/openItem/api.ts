// The open item calls live in the platform (the ticket page's panel uses them too); the pages take them from here.
export {
  openItemApi,
  uploadOpenItemFiles,
  useOpenItemChoices,
  useRemoveOpenItemFile,
  useTaskCategories,
} from '../../platform/openItem/open-item-api';
