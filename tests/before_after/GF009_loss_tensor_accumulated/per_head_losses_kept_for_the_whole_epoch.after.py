import torch, torch.nn as nn
torch.manual_seed(0)
heads = [nn.Linear(4, 3) for _ in range(3)]
opts = [torch.optim.SGD(h.parameters(), lr=0.1) for h in heads]
crit = nn.CrossEntropyLoss()
data = [(torch.randn(8, 4), torch.randint(0, 3, (8,))) for _ in range(10)]
for epoch in range(2):
    losses = []
    for x, y in data:
        for head, o in zip(heads, opts):
            o.zero_grad()
            loss = crit(head(x), y)
            loss.backward()
            o.step()
            losses.append(loss.detach())
    print(epoch, float(sum(losses) / len(losses)))
