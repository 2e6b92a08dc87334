import torch, torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
crit = nn.CrossEntropyLoss()
data = [(torch.randn(8, 4), torch.randint(0, 3, (8,))) for _ in range(10)]


def evaluate():
    model.eval()
    with torch.no_grad():
        return crit(model(data[0][0]), data[0][1]).item()


for epoch in range(2):
    for x, y in data:
        opt.zero_grad()
        loss = crit(model(x), y)
        loss.backward()
        opt.step()
    evaluate()
with torch.no_grad():
    test = crit(model(data[1][0]), data[1][1])
print("test", float(test))
