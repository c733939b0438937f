import NewsModels

/// One line per story `wpnews watch` finds, whole so a link can be copied:
///
///     campus · Title of the story · Jane Okafor · id 57 · https://news.example.org/title/
///     campus · UPDATED Title of the story · … · id 52 · https://…
///     campus · REMOVED Title, or "story 31" when the cache no longer held it
public struct WatchLineView: Sendable {
    public init() {}

    public func line(for event: WatchEvent, site: String) -> StyledLine {
        var spans = [Span(site, StoryRow.quietStyle), Span(" · ")]
        switch event.kind {
        case .published: break
        case .updated: spans.append(Span("UPDATED ", StoryRow.updatedStyle))
        case .removed: spans.append(Span("REMOVED ", StoryRow.updatedStyle))
        }
        guard let story = event.story else { return StyledLine(spans + [Span("story \(event.storyID)")]) }
        spans.append(Span(story.displayTitle, story.title.isEmpty || event.kind == .removed ? StoryRow.quietStyle : StoryRow.titleStyle))
        if let author = story.author, !author.name.isEmpty { spans += [Span(" · "), Span(author.name)] }
        spans += [Span(" · "), Span("id \(story.id)", StoryRow.quietStyle)]
        if event.kind != .removed { spans += [Span(" · "), Span(story.link, StoryRow.dateStyle)] }
        return StyledLine(spans)
    }
}
