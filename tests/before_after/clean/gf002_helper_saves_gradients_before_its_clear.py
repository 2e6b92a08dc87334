# A helper backpropagates, hands the model to a stash the tool cannot read (which may copy the
# gradients out), clears, and has the stash write them back: the clear is deliberate.
import torch
import torch.nn.functional as F
from gradstore import Stash

model = torch.nn.Linear(6, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
stash = Stash()


def backpropagate(loss, net):
    loss.backward()
    stash.pack(net)
    optimizer.zero_grad()
    stash.unpack(net)


for inputs, labels in [(torch.randn(16, 6), torch.randint(0, 2, (16,))) for _ in range(5)]:
    loss = F.cross_entropy(model(inputs), labels)
    backpropagate(loss, model)
    optimizer.step()
