//! Zeroed memory for a large table of plain atomics, returned to the
//! system as soon as it is dropped.
//!
//! A transposition table is one large allocation, and a front end that
//! runs many engines (the web GUI) creates and drops many of them. Freed
//! through `malloc`, such blocks often stay with the process: glibc raises
//! its mmap threshold to the size of a freed mapped block, so later tables
//! come from its arenas and are not unmapped (measured in the web GUI:
//! 1.2 GB still resident after deleting 100 games with 16 MB tables). On
//! Linux the table therefore gets an anonymous mapping of its own, unmapped
//! on drop. Elsewhere it is a `Vec`.

use std::ops::{Deref, DerefMut};

/// `len` values of `T`, all bits zero at the start.
///
/// `T` must be valid when all its bits are zero and need no drop (atomics,
/// integers and arrays or structs of them); [`ZeroValid`] says so.
pub(crate) struct TableMemory<T: ZeroValid> {
    #[cfg(target_os = "linux")]
    mapping: linux::Mapping<T>,
    #[cfg(not(target_os = "linux"))]
    values: Vec<T>,
}

/// Types for which all-zero bits are a valid value and that need no drop.
///
/// # Safety
/// Implement only for such types.
pub(crate) unsafe trait ZeroValid: Default {}

impl<T: ZeroValid> TableMemory<T> {
    /// `None` when the memory cannot be had.
    pub(crate) fn zeroed(len: usize) -> Option<Self> {
        #[cfg(target_os = "linux")]
        {
            linux::Mapping::new(len).map(|mapping| TableMemory { mapping })
        }
        #[cfg(not(target_os = "linux"))]
        {
            let mut values = Vec::new();
            values.try_reserve_exact(len).ok()?;
            values.resize_with(len, T::default);
            Some(TableMemory { values })
        }
    }
}

impl<T: ZeroValid> Deref for TableMemory<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        #[cfg(target_os = "linux")]
        {
            self.mapping.as_slice()
        }
        #[cfg(not(target_os = "linux"))]
        {
            &self.values
        }
    }
}

impl<T: ZeroValid> DerefMut for TableMemory<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        #[cfg(target_os = "linux")]
        {
            self.mapping.as_mut_slice()
        }
        #[cfg(not(target_os = "linux"))]
        {
            &mut self.values
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::marker::PhantomData;
    use std::ptr::NonNull;

    use super::ZeroValid;

    /// An anonymous private mapping holding `len` values of `T`.
    pub(super) struct Mapping<T> {
        ptr: NonNull<T>,
        len: usize,
        _owns: PhantomData<T>,
    }

    // Safety: the mapping is owned like a `Box<[T]>`: sending or sharing
    // it is as safe as sending or sharing the values.
    unsafe impl<T: Send> Send for Mapping<T> {}
    unsafe impl<T: Sync> Sync for Mapping<T> {}

    impl<T: ZeroValid> Mapping<T> {
        pub(super) fn new(len: usize) -> Option<Self> {
            let bytes = len.checked_mul(std::mem::size_of::<T>())?;
            if bytes == 0 || std::mem::align_of::<T>() > page_size() {
                return None;
            }
            // Safety: a fresh anonymous mapping touches no existing memory;
            // failure is reported as MAP_FAILED and checked.
            let ptr = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if ptr == libc::MAP_FAILED {
                return None;
            }
            // Page-aligned (so aligned for T, checked above) and zero-filled
            // by the kernel, which is a valid T.
            let ptr = NonNull::new(ptr.cast::<T>())?;
            Some(Mapping {
                ptr,
                len,
                _owns: PhantomData,
            })
        }

        pub(super) fn as_slice(&self) -> &[T] {
            // Safety: `ptr` points to `len` initialised (zero-valid) values
            // that live until drop; shared access follows `&self`.
            unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
        }

        pub(super) fn as_mut_slice(&mut self) -> &mut [T] {
            // Safety: as above, with exclusive access through `&mut self`.
            unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
        }
    }

    impl<T> Drop for Mapping<T> {
        fn drop(&mut self) {
            let bytes = self.len * std::mem::size_of::<T>();
            // Safety: exactly the mapping made in `new`, unmapped once; `T`
            // needs no drop (ZeroValid). An error cannot be acted on.
            unsafe {
                libc::munmap(self.ptr.as_ptr().cast(), bytes);
            }
        }
    }

    fn page_size() -> usize {
        // Safety: sysconf only reads a system constant.
        let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        usize::try_from(size).unwrap_or(4096)
    }
}

#[cfg(test)]
mod tests {
    use super::{TableMemory, ZeroValid};
    use std::sync::atomic::{AtomicU64, Ordering};

    #[derive(Default)]
    struct Word(AtomicU64);
    // Safety: an all-zero AtomicU64 is 0, and it needs no drop.
    unsafe impl ZeroValid for Word {}

    #[test]
    fn zeroed_writable_and_sized() {
        let mut memory = TableMemory::<Word>::zeroed(1 << 16).expect("memory");
        assert_eq!(memory.len(), 1 << 16);
        assert!(memory.iter().all(|w| w.0.load(Ordering::Relaxed) == 0));
        for (i, w) in memory.iter_mut().enumerate() {
            *w.0.get_mut() = i as u64;
        }
        assert_eq!(memory[12345].0.load(Ordering::Relaxed), 12345);
        assert!(TableMemory::<Word>::zeroed(0).is_none());
        assert!(TableMemory::<Word>::zeroed(usize::MAX).is_none());
    }

    /// Dropping a table gives its memory back: resident size returns to
    /// where it was, table after table.
    #[cfg(target_os = "linux")]
    #[test]
    fn dropped_tables_leave_the_process() {
        fn resident_kb() -> u64 {
            let status = std::fs::read_to_string("/proc/self/status").expect("status");
            let line = status
                .lines()
                .find(|l| l.starts_with("VmRSS:"))
                .expect("VmRSS");
            line.split_whitespace()
                .nth(1)
                .expect("kB")
                .parse()
                .expect("number")
        }
        let before = resident_kb();
        // Tables held together, then dropped, three times over: glibc's
        // malloc kept most of such memory from the second round on.
        for round in 0..3 {
            let tables: Vec<TableMemory<Word>> = (0..10)
                .map(|_| {
                    let mut memory = TableMemory::<Word>::zeroed(2 << 20).expect("16 MB");
                    for w in memory.iter_mut().step_by(512) {
                        *w.0.get_mut() = 1;
                    }
                    memory
                })
                .collect();
            drop(tables);
            let after = resident_kb();
            assert!(
                after < before + 64 * 1024,
                "round {round}: {before} kB, then {after} kB"
            );
        }
    }
}
