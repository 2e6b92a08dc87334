"""Windows tested in singledispatch handlers on an event's batch index, each flushed where its
batches end: by the end handler (counting from 0, `(i + 1) % N`), or from an index the
generator already counts from 1."""
import functools
from dataclasses import dataclass

import torch
from torch import nn

N = 4


@dataclass
class Tick:
    epoch: int
    i: int
    x: torch.Tensor
    y: torch.Tensor


@dataclass
class Close:
    epoch: int
    i: int


def ticks(loader, epochs):
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            yield Tick(epoch, i, x, y)
        yield Close(epoch, i)


@functools.singledispatch
def handle(ev, st):
    raise TypeError(ev)


@handle.register
def _(ev: Tick, st):
    loss = nn.functional.mse_loss(st.model(ev.x), ev.y) / N
    loss.backward()
    if (ev.i + 1) % N == 0:
        st.opt.step()
        st.opt.zero_grad()


@handle.register
def _(ev: Close, st):
    if (ev.i + 1) % N != 0:
        st.opt.step()
        st.opt.zero_grad()


@dataclass
class Piece:
    seen: int
    x: torch.Tensor
    y: torch.Tensor


@dataclass
class Stop:
    seen: int


def pieces(loader):
    n = 0
    for n, (x, y) in enumerate(loader):
        yield Piece(n + 1, x, y)
    yield Stop(n + 1)


@functools.singledispatch
def on_piece(ev, st):
    pass


@on_piece.register
def _(ev: Piece, st):
    seen = ev.seen
    (nn.functional.mse_loss(st.model(ev.x), ev.y) / N).backward()
    if seen % N == 0:
        st.opt.step()
        st.opt.zero_grad()


@on_piece.register
def _(ev: Stop, st):
    if ev.seen % N != 0:
        st.opt.step()
        st.opt.zero_grad()


def train(st, loader):
    for ev in ticks(loader, 2):
        handle(ev, st)
    for ev in pieces(loader):
        on_piece(ev, st)
