import BrainyKit

/// A refusal reason of the wire (an enum of codes with an `other` for a newer server's) with its words: each
/// reason's table is its `words`, an exhaustive switch (in RefusalReasonPhrase.swift), so that a reason added to the
/// wire is worded there or the build fails; `RefusalReasonPhrase.of` reads them all the same way.
protocol PhrasedRefusal: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// nil for `other`: then `RefusalReasonPhrase.generic` is said.
    var words: Localized? { get }
}
