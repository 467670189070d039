# The double-dummy bridge solver (C in dds_solver.h, wrapped here).
# Seats 0 North, 1 East, 2 South, 3 West; suits 0..3 = c d h s, 4 = no-trump.
from libc.stdint cimport uint16_t, uint64_t

cdef extern from "dds_solver.h" nogil:
    ctypedef struct dds_solver:
        long long nodes
    dds_solver* dds_new(int log2_entries)
    void dds_free(dds_solver* S)
    void dds_clear(dds_solver* S)
    int dds_set(dds_solver* S, const uint16_t hand[4][4], int trump, int leader,
                int ncards, const int* tsuit, const int* trank)
    int dds_ns_value(dds_solver* S, int guess)
    int dds_root_moves(dds_solver* S, int* out_s, int* out_r, unsigned* out_group, int* out_val)
    int dds_solve_full(dds_solver* S, const uint16_t hand[4][4], int trump, int leader, int guess)
    int dds_table(dds_solver* S, const uint16_t hand[4][4], int out[5][4])

cdef class Solver:
    cdef dds_solver* S
