# A trainer's step method backpropagates chunk by chunk (gradient caching) after clearing,
# then steps: correct.
import torch
import torch.nn.functional as F


class ChunkedTrainer:
    def __init__(self, encoder, chunk=4):
        self.encoder = encoder
        self.opt = torch.optim.AdamW(encoder.parameters(), lr=1e-3)
        self.chunk = chunk

    def update(self, queries, docs):
        self.opt.zero_grad()
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
        self.opt.step()
        self.opt.zero_grad()


trainer = ChunkedTrainer(torch.nn.Linear(8, 8))
for step in range(3):
    trainer.update(torch.randn(8, 8), torch.randn(8, 8))
