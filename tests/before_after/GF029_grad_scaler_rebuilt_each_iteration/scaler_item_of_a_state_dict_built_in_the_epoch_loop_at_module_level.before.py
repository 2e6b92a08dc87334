import torch
import torch.nn as nn

model = nn.Linear(16, 4)
state = {'opt': torch.optim.SGD(model.parameters(), lr=0.01)}
data = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(5)]

for epoch in range(10):
    state['scaler'] = torch.amp.GradScaler()
    for x, y in data:
        state['opt'].zero_grad()
        with torch.autocast("cuda"):
            loss = nn.functional.cross_entropy(model(x), y)
        state['scaler'].scale(loss).backward()
        state['scaler'].step(state['opt'])
        state['scaler'].update()
