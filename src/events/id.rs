//! [`Id`]: the shared text of an event (table id, player, dealer, wall clock).

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A short shared text: a table id, a player or dealer label, a wall-clock time.
///
/// One pointer wide (it keeps events at 64 bytes, one cache line), cloned by reference count
/// rather than copied, compared by pointer before text. Equality, ordering and hashing are
/// those of the text.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Id(Arc<Box<str>>);

impl Id {
    /// A new id holding `text`.
    pub fn new(text: &str) -> Id {
        Id(Arc::new(text.into()))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// True when both are the same shared id (not merely equal text).
    pub fn ptr_eq(a: &Id, b: &Id) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }
}

impl Deref for Id {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Id {
    fn from(text: &str) -> Id {
        Id::new(text)
    }
}

impl From<String> for Id {
    fn from(text: String) -> Id {
        Id(Arc::new(text.into_boxed_str()))
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl serde::Serialize for Id {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Id {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Id, D::Error> {
        let text: std::borrow::Cow<'de, str> = serde::Deserialize::deserialize(d)?;
        Ok(Id::new(&text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pointer_wide_and_compared_by_text() {
        assert_eq!(std::mem::size_of::<Id>(), 8);
        assert_eq!(std::mem::size_of::<Option<Id>>(), 8);
        let a = Id::new("7");
        let b = Id::from("7".to_string());
        assert_eq!(a, b);
        assert!(!Id::ptr_eq(&a, &b));
        assert!(Id::ptr_eq(&a, &a.clone()));
        assert_eq!(a, "7");
        assert_eq!(format!("{a} {a:?}"), "7 \"7\"");
        assert_eq!(serde_json::to_string(&a).unwrap(), "\"7\"");
    }
}
