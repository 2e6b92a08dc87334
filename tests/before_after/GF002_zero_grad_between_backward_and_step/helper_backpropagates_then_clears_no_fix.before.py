# A helper backpropagates and then clears the optimizer it is handed; the loop steps after it,
# so the step applies wiped gradients and the weights never move.
import torch
import torch.nn.functional as F

model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.Tanh(), torch.nn.Linear(16, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)


def backpropagate(loss, opt):
    loss.backward()
    opt.zero_grad()


for epoch in range(4):
    for inputs, labels in [(torch.randn(16, 6), torch.randint(0, 2, (16,))) for _ in range(5)]:
        loss = F.cross_entropy(model(inputs), labels)
        backpropagate(loss, optimizer)
        optimizer.step()
