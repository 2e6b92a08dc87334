import torch
from dgl.nn import NodeEmbedding
from dgl.optim import SparseAdam

emb = NodeEmbedding(100, 16, "emb")
emb_optimizer = SparseAdam(params=[emb], lr=0.01)  # its zero_grad(self) takes no set_to_none
for epoch in range(3):
    for nodes in torch.arange(100).split(10):
        emb_optimizer.zero_grad()
        loss = emb(nodes).pow(2).sum()
        loss.backward()
        emb_optimizer.step()
