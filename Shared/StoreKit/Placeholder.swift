import FolioModel
