# A trainer's step method backpropagates chunk by chunk (gradient caching: representations
# first, then one backward per chunk with the cached gradient) and then clears before its
# step: the step applies nothing. The method holds a loop of its own, so it is no step
# function; the loop calling it reaches the clear. Reported at the clear, without a fix.
import torch
import torch.nn.functional as F


class ChunkedTrainer:
    def __init__(self, encoder, chunk=4):
        self.encoder = encoder
        self.opt = torch.optim.AdamW(encoder.parameters(), lr=1e-3)
        self.chunk = chunk

    def update(self, queries, docs):
        with torch.no_grad():
            q = torch.cat([self.encoder(c) for c in queries.split(self.chunk)])
            d = torch.cat([self.encoder(c) for c in docs.split(self.chunk)])
        q.requires_grad_()
        d.requires_grad_()
        loss = F.cross_entropy(q @ d.t(), torch.arange(len(q)))
        q_grad, d_grad = torch.autograd.grad(loss, [q, d])
        for inputs, grads in ((queries, q_grad), (docs, d_grad)):
            for c, g in zip(inputs.split(self.chunk), grads.split(self.chunk)):
                self.encoder(c).backward(gradient=g)
        self.opt.zero_grad()
        self.opt.step()


trainer = ChunkedTrainer(torch.nn.Linear(8, 8))
for step in range(3):
    trainer.update(torch.randn(8, 8), torch.randn(8, 8))
