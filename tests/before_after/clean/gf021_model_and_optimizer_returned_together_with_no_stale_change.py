# A set-up function returns the model and an optimizer over its parameters together; nothing after
# that leaves the optimizer behind: the optimizer is rebuilt after the new head, the weights are
# loaded in place and the model moved (the same parameters), the optimizer returned is over
# another model, or over the head only while the replaced trunk is frozen.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tagger(nn.Module):
    def __init__(self, tags=4):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(12, 32), nn.Tanh())
        self.classifier = nn.Linear(32, tags)

    def forward(self, x):
        return self.classifier(self.encoder(x))


def setup(lr):
    tagger = Tagger()
    return tagger, torch.optim.Adam(tagger.parameters(), lr=lr)


def with_teacher():
    student = Tagger()
    teacher = Tagger()
    return student, torch.optim.Adam(teacher.parameters(), lr=0.01), teacher


def head_only():
    tagger = Tagger()
    return tagger, torch.optim.SGD(tagger.classifier.parameters(), lr=0.1)


def train(net, opt, batches):
    for feats, tags in batches:
        opt.zero_grad()
        F.cross_entropy(net(feats), tags).backward()
        opt.step()


batches: list = [(torch.randn(8, 12), torch.randint(0, 4, (8,)))]  # (an annotated assignment among the unpacked ones)

net, opt = setup(0.01)
net.classifier = nn.Linear(32, 4)
opt = torch.optim.Adam(net.parameters(), lr=0.01)
train(net, opt, batches)

model, adam = setup(0.01)
model.load_state_dict(Tagger().state_dict())
model = model.to("cpu")
train(model, adam, batches)

student, adam2, teacher = with_teacher()
student.classifier = nn.Linear(32, 4)
train(teacher, adam2, batches)

tagger, sgd = head_only()
tagger.encoder = nn.Sequential(nn.Linear(12, 32), nn.Tanh())
tagger.encoder.requires_grad_(False)
train(tagger, sgd, batches)
