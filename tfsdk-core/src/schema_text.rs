//! Where the code that builds schemas lies in a provider's binary.
//!
//! `GetProviderSchema` builds the schema of every type a provider registers, once per launch,
//! and runs nothing else of each type. Compiled as usual, that code lies beside each model's
//! conversion code, spread over the whole binary: a provider of a thousand resources then reads
//! into memory (the kernel maps 64 KiB around each page it faults in) a large share of its
//! binary to answer one request. The functions of that path (the generic ones that walk a
//! model's attribute table, build its object type and its nested attributes, instantiated for
//! each model in the provider's crates, with the derive's small `#[inline]` table accessors
//! inlined into them) go into one section of their own, `tfsdk_schema_text`, which the linker
//! lays out in one piece: the request touches the pages of that section and of the tables, not
//! the pages of every model's other code.
//!
//! Only on Linux, whose ELF linkers place a section of a new name (an "orphan") after `.text`
//! by itself; elsewhere the functions stay where the compiler puts them.

/// Places the function it wraps in the `tfsdk_schema_text` section on Linux (see the module
/// docs). For generic functions too: each instantiation, in whatever crate, lands there.
macro_rules! schema_text {
    ($(#[$attribute:meta])* $vis:vis fn $($rest:tt)*) => {
        $(#[$attribute])*
        #[cfg_attr(target_os = "linux", unsafe(link_section = "tfsdk_schema_text"))]
        $vis fn $($rest)*
    };
}
