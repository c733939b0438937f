// NewsCore serves its stories, terms and pages as the values of NewsModels: whoever uses
// NewsCore gets them with it.
@_exported import NewsModels
