import torch
from torch import nn


class TinyGPT(nn.Module):
    def __init__(self, vocab=32, width=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.drop = nn.Dropout(0.1)
        self.head = nn.Linear(width, vocab)

    def forward(self, idx):
        return self.head(self.drop(self.embed(idx)))

    def configure_optimizers(self, weight_decay, learning_rate):
        return torch.optim.AdamW(self.parameters(), lr=learning_rate, weight_decay=weight_decay)


model = TinyGPT()
optimizer = model.configure_optimizers(weight_decay=0.1, learning_rate=3e-4)
batches = [torch.randint(0, 32, (4, 9)) for _ in range(4)]
for epoch in range(3):
    model.eval()
    with torch.no_grad():
        val = sum(nn.functional.cross_entropy(model(b[:, :-1]).transpose(1, 2), b[:, 1:]).item() for b in batches[:1])
    model.train()
    for batch in batches:
        logits = model(batch[:, :-1])
        loss = nn.functional.cross_entropy(logits.transpose(1, 2), batch[:, 1:])
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
